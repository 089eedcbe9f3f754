/**
 * The upload bounds' settings and parts on their own: a client's share of
 * the places, the free-space floor's reading (cached, a missing folder
 * measured by its parent, 0 off), and the quota counted in memory when the
 * store keeps no count.
 */
import path from "path";
import { loadConfig } from "../../server/config";
import { FreeSpaceFloor, UploadQuota } from "../../server/api/upload-limits";
import { UploadGate } from "../../server/api/uploads";

const ROOT = path.resolve(__dirname, "..", "..");
const MB = 1024 * 1024;

describe("upload settings", () => {
  it("default to a quarter of the places per client, 1 KB/s over 10 s, 100 MB an hour and a 1 GB floor", () => {
    const config = loadConfig({}, ROOT);
    expect(config.maxUploadsPerClient).toBe(2);
    expect(config.uploadMinBytesPerSecond).toBe(1024);
    expect(config.uploadRateWindowMs).toBe(10_000);
    expect(config.uploadQuotaBytes).toBe(100 * MB);
    expect(config.uploadQuotaWindowMs).toBe(3_600_000);
    expect(config.uploadMinFreeBytes).toBe(1024 * MB);
  });

  it("follow MAX_UPLOADS_IN_FLIGHT (a quarter, at least one) and take their variables (0 turns the rate, quota and floor off)", () => {
    expect(loadConfig({ MAX_UPLOADS_IN_FLIGHT: "2" }, ROOT).maxUploadsPerClient).toBe(1);
    expect(loadConfig({ MAX_UPLOADS_IN_FLIGHT: "20" }, ROOT).maxUploadsPerClient).toBe(5);
    const config = loadConfig(
      { MAX_UPLOADS_PER_CLIENT: "3", UPLOAD_MIN_BYTES_PER_SECOND: "0", UPLOAD_RATE_WINDOW_MS: "5000", UPLOAD_QUOTA_MB: "0.5", UPLOAD_QUOTA_WINDOW_MS: "60000", UPLOAD_MIN_FREE_MB: "0" },
      ROOT,
    );
    expect(config).toMatchObject({
      maxUploadsPerClient: 3,
      uploadMinBytesPerSecond: 0,
      uploadRateWindowMs: 5_000,
      uploadQuotaBytes: MB / 2,
      uploadQuotaWindowMs: 60_000,
      uploadMinFreeBytes: 0,
    });
    expect(loadConfig({ UPLOAD_QUOTA_MB: "0" }, ROOT).uploadQuotaBytes).toBe(0);
  });

  it.each([
    ["MAX_UPLOADS_PER_CLIENT", "0", /MAX_UPLOADS_PER_CLIENT must be a whole number of at least 1/],
    ["UPLOAD_MIN_BYTES_PER_SECOND", "-1", /UPLOAD_MIN_BYTES_PER_SECOND must be a whole number/],
    ["UPLOAD_RATE_WINDOW_MS", "10", /UPLOAD_RATE_WINDOW_MS must be a whole number of at least 100/],
    ["UPLOAD_QUOTA_MB", "lots", /UPLOAD_QUOTA_MB must be a number of at least 0/],
    ["UPLOAD_QUOTA_WINDOW_MS", "0", /UPLOAD_QUOTA_WINDOW_MS must be a whole number of at least 1000/],
    ["UPLOAD_MIN_FREE_MB", "1.5", /UPLOAD_MIN_FREE_MB must be a whole number/],
  ])("refuse %s=%s", (name, value, message) => {
    expect(() => loadConfig({ [name]: value }, ROOT)).toThrow(message);
  });
});

describe("UploadGate", () => {
  it("gives one client at most its share of the places, and the others the rest", () => {
    const gate = new UploadGate(4, 5, 2);
    const a1 = gate.tryEnter("a");
    const a2 = gate.tryEnter("a");
    expect(a1 && a2).toBeTruthy();
    expect(gate.tryEnter("a")).toBeUndefined();
    const b1 = gate.tryEnter("b");
    const c1 = gate.tryEnter("c");
    expect(b1 && c1).toBeTruthy();
    // All four taken: nobody else gets one.
    expect(gate.tryEnter("d")).toBeUndefined();
    a1!();
    a1!(); // a release counts once
    expect(gate.inFlight).toBe(3);
    expect(gate.heldBy("a")).toBe(1);
    expect(gate.tryEnter("a")).toBeTruthy();
    a2!();
    b1!();
    c1!();
    expect(gate.heldBy("b")).toBe(0);
  });
});

describe("FreeSpaceFloor", () => {
  const disk = (freeBytes: number) => jest.fn(async () => ({ bavail: freeBytes / 4096, bsize: 4096 }));

  it("is below the floor when the available space is, and reads the file system at most once per cache period", async () => {
    const statfs = disk(512 * MB);
    const floor = new FreeSpaceFloor("/data/tmp", 1024 * MB, 60_000, statfs);
    expect(await floor.belowFloor()).toBe(true);
    expect(await Promise.all([floor.belowFloor(), floor.belowFloor()])).toEqual([true, true]);
    expect(statfs).toHaveBeenCalledTimes(1);
    expect(await new FreeSpaceFloor("/data/tmp", 256 * MB, 60_000, disk(512 * MB)).belowFloor()).toBe(false);
  });

  it("measures a folder not made yet by its nearest parent, and is off at 0", async () => {
    const statfs = jest.fn(async (dir: string) => {
      if (dir !== path.resolve("/data")) throw Object.assign(new Error("no such folder"), { code: "ENOENT" });
      return { bavail: 1, bsize: 4096 };
    });
    expect(await new FreeSpaceFloor("/data/tmp", MB, 0, statfs).belowFloor()).toBe(true);
    expect(statfs.mock.calls.map(([dir]) => dir)).toEqual([path.resolve("/data/tmp"), path.resolve("/data")]);
    const off = disk(0);
    expect(await new FreeSpaceFloor("/data/tmp", 0, 0, off).belowFloor()).toBe(false);
    expect(off).not.toHaveBeenCalled();
  });

  it("lets uploads through when the file system cannot be read, and logs it once", async () => {
    const log = jest.fn();
    const floor = new FreeSpaceFloor("/data/tmp", MB, 0, async () => Promise.reject(Object.assign(new Error("denied"), { code: "EACCES" })), log);
    expect(await floor.belowFloor()).toBe(false);
    expect(await floor.belowFloor()).toBe(false);
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe("UploadQuota without a count in the store", () => {
  it("counts each client's stored bytes in memory and refuses it at the quota until its window ends", async () => {
    const quota = new UploadQuota({}, 1_000, 60_000);
    expect(await quota.refusal("a")).toBeUndefined();
    await quota.count("a", 600);
    expect(await quota.refusal("a")).toBeUndefined();
    await quota.count("a", 600);
    const wait = await quota.refusal("a");
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await quota.refusal("b")).toBeUndefined();
    expect(await new UploadQuota({}, 0, 60_000).refusal("a")).toBeUndefined();
  });
});
