// Puts the compiled sidebar script into the sidebar HTML and drops the .js
// file: HtmlService serves a single file, and clasp would otherwise push the
// browser script as server code into the global scope of Code.js.
import { readFileSync } from 'node:fs';
import webpack from 'webpack';

const PLACEHOLDER = '<!-- sidebar-script -->';

export class InlineSidebarPlugin {
  constructor({ template, script, output }) {
    this.options = { template, script, output };
  }

  apply(compiler) {
    const { template, script, output } = this.options;
    compiler.hooks.thisCompilation.tap('InlineSidebarPlugin', (compilation) => {
      compilation.fileDependencies.add(template);
      compilation.hooks.processAssets.tap(
        { name: 'InlineSidebarPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const html = readFileSync(template, 'utf8');
          if (!html.includes(PLACEHOLDER)) {
            compilation.errors.push(new webpack.WebpackError(`${template} lacks ${PLACEHOLDER}`));
            return;
          }
          // "</script" inside the code would end the inline element early.
          const code = compilation.assets[script]
            .source()
            .toString()
            .replace(/<\/script/gi, '<\\/script');
          const page = html.replace(PLACEHOLDER, () => `<script>\n${code}\n</script>`);
          compilation.emitAsset(output, new webpack.sources.RawSource(page));
          compilation.deleteAsset(script);
        },
      );
    });
  }
}
