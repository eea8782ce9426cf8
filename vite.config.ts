import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is server/app.ts, which wraps React Router's build (see server/main.ts).
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  resolve: { tsconfigPaths: true },
  build: {
    // Translation files stay separate, immutable files (fetched per language and namespace).
    assetsInlineLimit: (file) => (file.includes("/locales/") ? false : undefined),
  },
  plugins: [tailwindcss(), reactRouter()],
});
