import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  environments: {
    // The server bundle's entry is server/app.ts, which wraps React Router's build (see server/main.ts).
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
    // Every page needs the framework, the root and (signed in) the layout: three chunks instead of
    // two dozen small ones, whose response headers alone cost ~12 KB (docs/decisions/013).
    client: {
      build: {
        rolldownOptions: {
          // Building a zod schema has no effect but its value: pages import constants from the schema
          // modules their actions use, and without this every such page shipped all of zod (~21 KB).
          // `freeText` (app/lib/form-rules.ts) is a schema builder too.
          treeshake: {
            manualPureFunctions: ["z", "freeText"],
            // What app/ui/on-demand.tsx loads: the server's static import of it drops out of the browser's build.
            moduleSideEffects: [
              {
                test: /[\\/]app[\\/]features[\\/](tasks[\\/]board|sources[\\/]webhook-panel)\.tsx$/,
                sideEffects: false,
              },
            ],
          },
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|react-i18next|remix-themes)[\\/]/,
                  priority: 2,
                },
                {
                  name: "root",
                  test: /[\\/]app[\\/](root\.tsx|lib[\\/]format\.ts|ui[\\/](page-header|on-demand)\.tsx)$/,
                  priority: 1,
                },
                {
                  name: "layout",
                  // The signed-in layout, the primitives every signed-in page shows, and modules of a few hundred
                  // bytes that many of its pages share: each on its own cost a request and ~360 bytes of headers.
                  test: /[\\/]app[\\/](routes[\\/]_app\.tsx|ui[\\/](card|badge|tone|empty-state|sentiment|early-input|highlighted|source-icons)\.tsx?|core[\\/]change\.ts|db[\\/]mention-model\.ts|lib[\\/]side-panel\.ts)$/,
                },
                {
                  name: "list-kit",
                  // The table kit's URL form, toolbar and pages: list screens load them together.
                  test: /[\\/]app[\\/]ui[\\/]data-table[\\/](url-form|toolbar|pagination)\.tsx$/,
                },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  build: {
    // Translation files stay separate, immutable files (fetched per language and namespace).
    assetsInlineLimit: (file) => (file.includes("/locales/") ? false : undefined),
  },
  plugins: [tailwindcss(), reactRouter()],
});
