import { describe, expect, it } from "vitest";
import { pickEncoding } from "./precompressed";

const both = { br: true, gzip: true };

describe("choosing a precompressed copy", () => {
  it("prefers Brotli, then gzip, as the browser accepts", () => {
    expect(pickEncoding("gzip, deflate, br", both)).toBe("br");
    expect(pickEncoding("gzip, deflate", both)).toBe("gzip");
    expect(pickEncoding("br", { br: false, gzip: true })).toBeNull();
    expect(pickEncoding("gzip, br", { br: false, gzip: true })).toBe("gzip");
  });

  it("sends none when nothing is accepted, or a q=0 refuses it", () => {
    expect(pickEncoding(undefined, both)).toBeNull();
    expect(pickEncoding("", both)).toBeNull();
    expect(pickEncoding("identity", both)).toBeNull();
    expect(pickEncoding("br;q=0, gzip;q=0.5", both)).toBe("gzip");
    expect(pickEncoding("*;q=0", both)).toBeNull();
    expect(pickEncoding("*", both)).toBe("br");
    expect(pickEncoding("BR", both)).toBe("br");
  });
});
