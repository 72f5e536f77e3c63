declare module "cloudflare:test" {
  interface ProvidedEnv extends Cloudflare.Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
