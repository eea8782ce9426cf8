// Debian packages the tests drive (Chromium for browser tests and PDF reports, poppler-utils' pdftotext to
// read PDFs back): installed when missing and this is a root shell with apt-get, else a clear message.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const PDFTOTEXT = "/usr/bin/pdftotext";

const installed = new Set<string>();

/** Makes sure `binary` exists, installing Debian's `pkg` for it if it can; throws with how to get it otherwise. */
export function ensureDebianPackage(binary: string, pkg: string, purpose: string) {
  if (installed.has(binary) || fs.existsSync(binary)) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    throw new Error(`${purpose} need ${binary}. Install Debian's package (sudo apt-get install ${pkg}).`);
  }
  console.log(`Installing Debian's ${pkg} for ${purpose}…`);
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", pkg],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit" });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
  }
  installed.add(binary);
}
