/**
 * The one shape of this project's build steps (the first-load budget, the landing-page shell, the
 * precompressed twins): a Vite plugin that runs `step` with the output folder once the build has
 * written it, after every other plugin's hook of the same kind (`order: 'post'`, sequential, so
 * steps listed later in vite.config.ts see what earlier ones wrote).
 */
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

export type BuildStep = (this: Rollup.PluginContext, outDir: string) => void | Promise<void>;

export function afterBuild(name: string, hook: 'writeBundle' | 'closeBundle', step: BuildStep): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    [hook]: {
      order: 'post',
      sequential: true,
      async handler(this: Rollup.PluginContext) {
        await step.call(this, outDir);
      },
    },
  };
}
