import { expect, it } from "vitest";

it("runs on the Node the project brings (≥ 22.22)", () => {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  expect(major > 22 || (major === 22 && minor >= 22), process.version).toBe(true);
});
