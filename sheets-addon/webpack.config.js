/* global process */
// Builds the Apps Script project into sheets-addon/dist/ (or --env outDir=…):
//   Code.js          the bundle, headed by top-level function stubs with their JSDoc
//                    (gas-webpack-plugin), so Sheets finds the custom functions
//   Sidebar.html     the sidebar with its script inlined (HtmlService serves one file)
//   appsscript.json  manifests/appsscript.json with urlFetchWhitelist set from BASE_URL
//                    (clasp pushes this folder, so the manifest must be in it)
// BASE_URL is read here and nowhere else; default http://localhost:3000.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import GasPlugin from 'gas-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import { InlineSidebarPlugin } from './build/inlineSidebarPlugin.js';
import { manifestFor, serviceBaseUrl, urlAllowlist } from './build/manifest.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export default (env = {}) => {
  const baseUrl = serviceBaseUrl(process.env.BASE_URL);
  return {
    mode: 'production',
    context: here,
    target: ['web', 'es2019'],
    // Apps Script evaluates plain files: no eval-based source maps, no runtime chunks.
    devtool: false,
    entry: { Code: './src/index.ts', sidebar: './sidebar/sidebar.ts' },
    output: {
      path: path.resolve(here, env.outDir ?? 'dist'),
      filename: '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.js'],
      // Sources import './x.js' (NodeNext); webpack finds the .ts file.
      extensionAlias: { '.js': ['.ts', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'ts-loader',
          options: {
            // Type checking is `tsc -b sheets-addon`; here only transpile.
            transpileOnly: true,
            configFile: path.resolve(here, 'tsconfig.json'),
            // Emit ES modules for webpack to bundle, in a syntax the Apps Script V8 runtime runs.
            compilerOptions: {
              target: 'ES2019',
              module: 'ES2022',
              moduleResolution: 'Bundler',
              composite: false,
              declaration: false,
              emitDeclarationOnly: false,
              rootDir: '..',
            },
          },
        },
      ],
    },
    // Readable in the Apps Script editor, and the JSDoc of the stubs stays intact.
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: [
      new webpack.DefinePlugin({
        __BASE_URL__: JSON.stringify(baseUrl),
        __URL_ALLOWLIST__: JSON.stringify(urlAllowlist(baseUrl)),
      }),
      new GasPlugin({ include: [path.resolve(here, 'src/index.ts')] }),
      new InlineSidebarPlugin({
        template: path.resolve(here, 'sidebar/Sidebar.html'),
        script: 'sidebar.js',
        output: 'Sidebar.html',
      }),
      new CopyPlugin({
        patterns: [
          {
            from: path.resolve(here, '../manifests/appsscript.json'),
            to: 'appsscript.json',
            transform: (content) => manifestFor(content.toString('utf8'), baseUrl),
          },
        ],
      }),
    ],
  };
};
