declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

// `import { env } from "cloudflare:workers"` is typed with the project's bindings.
declare namespace Cloudflare {
  interface Env extends import("./env").Env {}
}
