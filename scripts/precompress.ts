// After `react-router build`: writes a Brotli (quality 11) copy of every compressible client asset,
// served by server/main.ts instead of compressing the same files again on every request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const assets = path.resolve(import.meta.dirname, "../build/client/assets");
let before = 0;
let after = 0;
for (const name of fs.readdirSync(assets)) {
  if (!/\.(js|css|json|svg)$/.test(name)) continue;
  const file = path.join(assets, name);
  const data = fs.readFileSync(file);
  const compressed = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  fs.writeFileSync(`${file}.br`, compressed);
  before += data.length;
  after += compressed.length;
}
console.log(
  `precompressed client assets: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB (brotli)`,
);
