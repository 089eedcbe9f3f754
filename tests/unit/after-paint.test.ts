import vm from "vm";
import { afterFirstPaintLoader, deferBundleScripts } from "../../src/site-files/after-paint";

/** Runs the loader in a tiny fake page and returns the script sources appended, with the frame and task queues it used. */
function run(visibility: "visible" | "hidden") {
  const appended: { src: string; async: boolean }[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const context = {
    document: {
      visibilityState: visibility,
      createElement: () => ({ src: "", async: false }),
      body: { appendChild: (el: { src: string; async: boolean }) => appended.push(el) },
    },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void) => tasks.push(fn),
  };
  vm.runInNewContext(afterFirstPaintLoader(["/webpack-runtime.js", "/framework.js", "/app.js"]), context);
  return { appended, frames, tasks };
}

describe("afterFirstPaintLoader", () => {
  it("adds nothing before the first frame, then every script, async, in order", () => {
    const page = run("visible");
    expect(page.appended).toEqual([]);
    page.frames.shift()?.();
    expect(page.appended).toEqual([]);
    page.tasks.shift()?.();
    expect(page.appended).toEqual([
      { src: "/webpack-runtime.js", async: true },
      { src: "/framework.js", async: true },
      { src: "/app.js", async: true },
    ]);
  });

  it("loads at once in a background tab, where no frame comes", () => {
    const page = run("hidden");
    expect(page.frames).toHaveLength(0);
    expect(page.appended.map((s) => s.src)).toEqual(["/webpack-runtime.js", "/framework.js", "/app.js"]);
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
