/**
 * A copy of the repository to edit content in (the content editor's tests):
 * the files git knows of, or would add (tracked, and untracked but not
 * ignored: no node_modules, no build output), in a new git repository with
 * one commit, so `git status` afterwards names exactly what an edit changed.
 */
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";

const git = (cwd: string, args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });

/** Copies `root`'s files into `target` (made) and commits them there; returns `target`. */
export function copyRepository(root: string, target: string): string {
  const files = git(root, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
    .split("\0")
    .filter((file) => file !== "" && fs.existsSync(path.join(root, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(target, file));
  }
  git(target, ["init", "-q", "-b", "main"]);
  git(target, ["add", "-A"]);
  git(target, ["-c", "user.name=Content test", "-c", "user.email=content-test@example.com", "-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "Copy of the site"]);
  return target;
}

/** `git status --porcelain` lines (untracked files one by one), sorted. */
export function gitStatus(repo: string): string[] {
  return git(repo, ["status", "--porcelain", "--untracked-files=all"])
    .split("\n")
    .filter((line) => line !== "")
    .sort();
}
