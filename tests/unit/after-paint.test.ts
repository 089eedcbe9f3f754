import vm from "vm";
import { LOAD_WAIT_CAP_MS, afterFirstPaintLoader, deferBundleScripts } from "../../src/site-files/after-paint";

/** Runs the loader in a tiny fake page; the test drives its frames, tasks (with delays) and load event. */
function run(visibility: "visible" | "hidden", readyState: "loading" | "interactive" | "complete" = "interactive") {
  const appended: { src: string; async: boolean }[] = [];
  const frames: (() => void)[] = [];
  const tasks: { fn: () => void; delay: number }[] = [];
  const onLoad: (() => void)[] = [];
  const context = {
    document: {
      visibilityState: visibility,
      readyState,
      createElement: () => ({ src: "", async: false }),
      body: { appendChild: (el: { src: string; async: boolean }) => appended.push(el) },
    },
    window: { addEventListener: (type: string, fn: () => void) => type === "load" && onLoad.push(fn) },
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
  return { appended, frames, tasks, onLoad, runTasks, context };
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
    expect(page.appended).toEqual(ALL);
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
