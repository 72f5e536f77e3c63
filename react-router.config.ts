import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // EIP_BUILD_DIR lets two builds (e.g. parallel work in one checkout) not overwrite each other.
  buildDirectory: process.env.EIP_BUILD_DIR ?? "build",
} satisfies Config;
