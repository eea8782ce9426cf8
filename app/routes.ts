import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/_app.tsx", [index("routes/_app._index.tsx"), route("integrations", "routes/_app.integrations.tsx")]),
  ...([401, 403, 404, 500, 503] as const).map((status) =>
    route(String(status), "routes/status-page.tsx", { id: `status-${status}` }),
  ),
  route("resources/theme", "routes/resources.theme.ts"),
  route("resources/locale", "routes/resources.locale.ts"),
  route("resources/sidebar", "routes/resources.sidebar.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
