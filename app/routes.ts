import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/_app.tsx", [
    index("routes/_app._index.tsx"),
    route("integrations", "routes/_app.integrations.tsx"),
    route("messages", "routes/_app.messages.tsx", [route(":messageId", "routes/_app.messages.$messageId.tsx")]),
    route("projects", "routes/_app.projects._index.tsx"),
    route("projects/create", "routes/_app.projects.create.tsx"),
    route("projects/:projectId", "routes/_app.projects.$projectId.tsx"),
    route("projects/:projectId/edit", "routes/_app.projects.$projectId.edit.tsx"),
    route("projects/:projectId/members", "routes/_app.projects.$projectId.members.tsx"),
    route("users", "routes/_app.users._index.tsx"),
    route("users/new", "routes/_app.users.new.tsx"),
    route("users/:userId", "routes/_app.users.$userId.tsx"),
    route("sources", "routes/_app.sources._index.tsx"),
    route("sources/new", "routes/_app.sources.new.tsx"),
    route("sources/:sourceId", "routes/_app.sources.$sourceId.tsx"),
    route("sources/:sourceId/edit", "routes/_app.sources.$sourceId.edit.tsx"),
    route("settings", "routes/_app.settings.tsx", [
      index("routes/_app.settings._index.tsx"),
      route("account", "routes/_app.settings.account.tsx"),
      route("appearance", "routes/_app.settings.appearance.tsx"),
      route("notifications", "routes/_app.settings.notifications.tsx"),
    ]),
    route("sources/:sourceId/import", "routes/_app.sources.$sourceId.import.tsx"),
    route("ai-assistant", "routes/_app.ai-assistant.tsx", [
      index("routes/_app.ai-assistant._index.tsx"),
      route(":conversationId", "routes/_app.ai-assistant.$conversationId.tsx"),
    ]),
    route("*", "routes/_app.not-found.tsx"),
  ]),
  ...([401, 403, 404, 500, 503] as const).map((status) =>
    route(String(status), "routes/status-page.tsx", { id: `status-${status}` }),
  ),
  // SPEC §2: /sign-in and /sign-up, each with an index child; both share the auth layout.
  route("sign-in", "routes/auth-layout.tsx", { id: "sign-in" }, [index("routes/sign-in._index.tsx")]),
  route("sign-up", "routes/auth-layout.tsx", { id: "sign-up" }, [index("routes/sign-up._index.tsx")]),
  route("sign-out", "routes/sign-out.ts"),
  route("messages/export", "routes/messages.export.ts"),
  route("messages/arrivals", "routes/messages.arrivals.ts"),
  route("messages/palette", "routes/messages.palette.ts"),
  route("ai-assistant/:conversationId/answer", "routes/ai-assistant.$conversationId.answer.ts"),
  route("resources/theme", "routes/resources.theme.ts"),
  route("resources/locale", "routes/resources.locale.ts"),
  route("resources/sidebar", "routes/resources.sidebar.ts"),
  route("resources/active-project", "routes/resources.active-project.ts"),
  route("api/ingest/:sourceId", "routes/api.ingest.$sourceId.ts"),
] satisfies RouteConfig;
