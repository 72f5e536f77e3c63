import type { Env as AppEnv } from "./env";

// `import { env, exports } from "cloudflare:workers"` are typed with this project's bindings
// and main module (what `wrangler types` would generate).
declare global {
  namespace Cloudflare {
    interface Env extends AppEnv {}
    interface GlobalProps {
      mainModule: typeof import("./index");
    }
  }
}
