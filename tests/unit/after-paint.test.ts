import vm from "vm";
import { LOAD_WAIT_CAP_MS, MAIN_IMAGE_WAIT_CAP_MS, afterFirstPaintLoader, deferBundleScripts } from "../../src/build/site-files/after-paint";
import { MAIN_IMAGE_TIMING } from "../../src/shared/utils/main-image";

/** Runs the loader in a tiny fake page; the test drives its frames, tasks (with delays) and load event. */
interface PageOptions {
  /** The page marks its main image (elementtiming). */
  mainImage?: boolean;
  /** The entry types the browser's PerformanceObserver supports (none: no PerformanceObserver). */
  entryTypes?: string[];
}

function run(visibility: "visible" | "hidden", readyState: "loading" | "interactive" | "complete" = "interactive", options: PageOptions = {}) {
  /** PerformanceObservers the loader made: `report()` delivers an entry as the browser does once the frame is on screen. */
  const observers: { options?: object; connected: boolean; report: () => void }[] = [];
  class FakeObserver {
    static supportedEntryTypes = options.entryTypes ?? [];
    private record: { options?: object; connected: boolean; report: () => void };
    constructor(callback: () => void) {
      this.record = { connected: false, report: () => this.record.connected && callback() };
      observers.push(this.record);
    }
    observe(observeOptions: object) {
      this.record.options = observeOptions;
      this.record.connected = true;
    }
    disconnect() {
      this.record.connected = false;
    }
  }
  const appended: { src: string; async: boolean }[] = [];
  const frames: (() => void)[] = [];
  const tasks: { fn: () => void; delay: number }[] = [];
  const onLoad: (() => void)[] = [];
  const context = {
    document: {
      visibilityState: visibility,
      readyState,
      createElement: () => ({ src: "", async: false }),
      querySelector: (selector: string) => (options.mainImage && selector === `img[elementtiming=${MAIN_IMAGE_TIMING}]` ? {} : null),
      body: { appendChild: (el: { src: string; async: boolean }) => appended.push(el) },
    },
    window: {
      addEventListener: (type: string, fn: () => void) => type === "load" && onLoad.push(fn),
      ...(options.entryTypes ? { PerformanceObserver: FakeObserver } : {}),
    },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, delay = 0) => tasks.push({ fn, delay }),
  };
  vm.runInNewContext(afterFirstPaintLoader(["/webpack-runtime.js", "/framework.js", "/app.js"]), context);
  /** Runs the queued tasks with this delay, in order. */
  const runTasks = (delay: number) => {
    const due = tasks.filter((t) => t.delay === delay);
    for (const t of due) tasks.splice(tasks.indexOf(t), 1);
    due.forEach((t) => t.fn());
  };
  return { appended, frames, tasks, onLoad, runTasks, context, observers };
}

const ALL = [
  { src: "/webpack-runtime.js", async: true },
  { src: "/framework.js", async: true },
  { src: "/app.js", async: true },
];

describe("afterFirstPaintLoader", () => {
  it("adds nothing before the first frame and the load event, then every script, async, in order", () => {
    const page = run("visible");
    expect(page.appended).toEqual([]);
    page.frames.shift()?.();
    page.runTasks(0);
    expect(page.appended).toEqual([]);
    page.onLoad.forEach((fn) => fn());
    page.runTasks(0);
    expect(page.appended).toEqual(ALL);
  });

  it("does not wait for a load event that has already happened", () => {
    const page = run("visible", "interactive");
    page.context.document.readyState = "complete";
    page.frames.shift()?.();
    page.runTasks(0);
    page.runTasks(0);
    expect(page.appended).toEqual(ALL);
  });

  it("with a main image, also waits for the browser to report it on screen, or at most MAIN_IMAGE_WAIT_CAP_MS", () => {
    for (const way of ["reported", "cap"] as const) {
      const page = run("visible", "interactive", { mainImage: true, entryTypes: ["element", "paint"] });
      page.frames.shift()?.();
      page.runTasks(0);
      page.onLoad.forEach((fn) => fn());
      expect(page.observers).toEqual([expect.objectContaining({ options: { type: "element", buffered: true }, connected: true })]);
      page.runTasks(0);
      expect(page.appended).toEqual([]);
      if (way === "reported") page.observers[0].report();
      else page.runTasks(MAIN_IMAGE_WAIT_CAP_MS);
      page.runTasks(0);
      expect(page.appended).toEqual(ALL);
      // The other way out comes later and adds nothing more.
      if (way === "reported") {
        expect(page.observers[0].connected).toBe(false);
        page.runTasks(MAIN_IMAGE_WAIT_CAP_MS);
      } else page.observers[0].report();
      page.runTasks(0);
      expect(page.appended).toHaveLength(3);
    }
  });

  it("does not wait for a main image without Element Timing, nor without a main image", () => {
    for (const options of [{ mainImage: true, entryTypes: ["paint"] }, { mainImage: true }, { mainImage: false, entryTypes: ["element"] }]) {
      const page = run("visible", "interactive", options);
      page.frames.shift()?.();
      page.runTasks(0);
      page.onLoad.forEach((fn) => fn());
      page.runTasks(0);
      expect(page.observers).toHaveLength(0);
      expect(page.appended).toEqual(ALL);
    }
  });

  it(`stops waiting for the load event after ${LOAD_WAIT_CAP_MS} ms, and adds the scripts once only`, () => {
    const page = run("visible");
    page.frames.shift()?.();
    page.runTasks(0);
    page.runTasks(LOAD_WAIT_CAP_MS);
    expect(page.appended).toEqual(ALL);
    page.onLoad.forEach((fn) => fn());
    page.runTasks(0);
    expect(page.appended).toHaveLength(3);
  });

  it("loads at once in a background tab, where no frame comes", () => {
    const page = run("hidden");
    expect(page.frames).toHaveLength(0);
    expect(page.appended).toEqual(ALL);
  });

  it("cannot be closed early by a source naming </script>", () => {
    expect(afterFirstPaintLoader(["/x</script><b>.js"])).not.toContain("</script>");
  });
});

describe("deferBundleScripts", () => {
  const page =
    '<html><body><div id="___gatsby">x</div><script id="gatsby-chunk-mapping">window.___chunkMapping={}</script>' +
    '<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script><script src="/app-3.js" async></script></body></html>';

  it("replaces the bundle tags by one loader where the last one was, keeping the inline scripts", () => {
    const out = deferBundleScripts(page);
    expect(out).not.toMatch(/<script src=/);
    expect(out).toContain('<script id="gatsby-chunk-mapping">window.___chunkMapping={}</script>');
    expect(out).toMatch(/<script>\(function\(s\).*\["\/webpack-runtime-1\.js","\/framework-2\.js","\/app-3\.js"\]\);<\/script><\/body>/);
  });

  it("leaves a page without bundle scripts as it is, and does nothing the second time", () => {
    const plain = "<html><body><p>static</p></body></html>";
    expect(deferBundleScripts(plain)).toBe(plain);
    const once = deferBundleScripts(page);
    expect(deferBundleScripts(once)).toBe(once);
  });
});
