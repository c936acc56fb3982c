// Builds the Excel add-in into excel-addin/dist/ (served by the server at /excel/):
// functions.json (custom functions), taskpane.html with the functions and task
// pane chunks (shared runtime), assets, and manifest.xml (made from
// manifests/excel-addin.xml) with its URLs set to BASE_URL and its Version the
// package's. The page's scripts are named by their content hash; the manifest
// names only files every later build has too (taskpane.html, functions.json and
// functions.js, a copy of the functions chunk), each with ?v=<hash> of its
// content, so a new build reaches users at once, and a manifest installed from
// an older build keeps working against a newer one. A rebuild in place keeps
// the scripts of earlier builds, so a page loaded before the deployment still
// finds its scripts.
//   BASE_URL=https://brw.example.de npx webpack --config excel-addin/webpack.config.cjs
// BASE_URL is read here and nowhere else; it defaults to http://localhost:$PORT
// (3000 without PORT), as the service's own BASE_URL does. `npm start` passes
// the BASE_URL it starts with.
const path = require('node:path');
const { URL } = require('node:url');
const { createHash } = require('node:crypto');
const { Compilation, DefinePlugin, sources } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CustomFunctionsMetadataPlugin = require('custom-functions-metadata-plugin');

/** The source manifest; the build writes it to dist/manifest.xml, the name Office users expect. */
const MANIFEST_SOURCE = path.resolve(__dirname, '../manifests/excel-addin.xml');

/** The prefix the source manifest is written with. */
const MANIFEST_SOURCE_BASE_URL = 'http://localhost:3000';

function baseUrlFromEnv() {
  const fallback = `http://localhost:${process.env.PORT || 3000}`;
  const value = (process.env.BASE_URL || fallback).replace(/\/+$/, '');
  const url = new URL(value); // throws on a malformed BASE_URL, failing the build
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`BASE_URL must be an http(s) URL, got ${value}`);
  }
  return value;
}

/** The manifest with every URL moved under BASE_URL; AppDomain is an origin. */
function manifestFor(baseUrl) {
  return (content) =>
    content
      .toString()
      .replace(
        `<AppDomain>${MANIFEST_SOURCE_BASE_URL}</AppDomain>`,
        `<AppDomain>${new URL(baseUrl).origin}</AppDomain>`,
      )
      .replaceAll(MANIFEST_SOURCE_BASE_URL, baseUrl);
}

const shortHash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 8);

/** The package version as the manifest's four-part Version (1.1.0 → 1.1.0.0). */
const MANIFEST_VERSION = `${require('../package.json').version}.0`;

/** The scripts of a build, named by content hash; an in-place rebuild keeps the older ones. */
const HASHED_SCRIPT = /^(runtime|functions|taskpane)\.[0-9a-f]{8}\.js(\.map)?$/;

/**
 * Lets a range argument hold error values: `allowErrorForDataTypeAny` in
 * functions.json (learn.microsoft.com custom-functions-json: parameters of type
 * any accept errors as input values; without it Excel does not call the
 * function when a cell of the range holds an error, so one #NV in an address
 * column would make the whole column an error). The JSDoc generator cannot set it.
 */
class FunctionsMetadataOptionsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FunctionsMetadataOptionsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'FunctionsMetadataOptionsPlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          const asset = compilation.getAsset('functions.json');
          // Missing when the generator failed; it reports its own errors.
          if (asset === undefined) return;
          const metadata = JSON.parse(asset.source.source().toString());
          const text = JSON.stringify({ allowErrorForDataTypeAny: true, ...metadata }, null, 4);
          compilation.updateAsset('functions.json', new sources.RawSource(text));
        },
      );
    });
  }
}

/** Copies the hashed functions chunk to functions.js and versions the manifest's file URLs. */
class VersionedManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('VersionedManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'VersionedManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const names = Object.keys(compilation.assets);
          const script = names.find((name) => /^functions\.[0-9a-f]+\.js$/.test(name));
          const source = (name) => compilation.getAsset(name)?.source.source().toString() ?? '';
          if (script === undefined || !names.includes('manifest.xml')) {
            throw new Error('VersionedManifestPlugin: functions script or manifest.xml missing');
          }
          compilation.emitAsset('functions.js', new sources.RawSource(source(script)));
          const manifest = source('manifest.xml')
            .replace(/<Version>[^<]*<\/Version>/, `<Version>${MANIFEST_VERSION}</Version>`)
            .replaceAll(
              '/excel/functions.js"',
              `/excel/functions.js?v=${shortHash(source(script))}"`,
            )
            .replaceAll(
              '/excel/functions.json"',
              `/excel/functions.json?v=${shortHash(source('functions.json'))}"`,
            )
            .replaceAll(
              '/excel/taskpane.html"',
              `/excel/taskpane.html?v=${shortHash(source('taskpane.html'))}"`,
            );
          compilation.updateAsset('manifest.xml', new sources.RawSource(manifest));
        },
      );
    });
  }
}

module.exports = (_env, argv) => {
  const baseUrl = baseUrlFromEnv();
  const functionsSource = path.resolve(__dirname, 'src/functions/functions.ts');
  return {
    context: __dirname,
    mode: argv.mode || 'production',
    target: ['web', 'es2020'],
    devtool: 'source-map',
    entry: {
      functions: functionsSource,
      taskpane: './src/taskpane/taskpane.ts',
    },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: '[name].[contenthash:8].js',
      clean: { keep: HASHED_SCRIPT },
      // globalThis instead of self, so the bundle also loads in Node for the tests.
      globalObject: 'globalThis',
    },
    // One runtime per page: functions and task pane share the session module.
    optimization: { runtimeChunk: 'single' },
    resolve: {
      extensions: ['.ts', '.js'],
      extensionAlias: { '.js': ['.ts', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'ts-loader',
          options: {
            // `tsc -b excel-addin` typechecks; the bundle only needs transpiling.
            transpileOnly: true,
            configFile: path.resolve(__dirname, 'tsconfig.json'),
            compilerOptions: {
              // The bundle also compiles ../shared/src, outside this part's rootDir.
              rootDir: path.resolve(__dirname, '..'),
              module: 'es2020',
              moduleResolution: 'bundler',
              noEmit: false,
              emitDeclarationOnly: false,
              declaration: false,
              composite: false,
            },
          },
        },
      ],
    },
    plugins: [
      new DefinePlugin({ __BASE_URL__: JSON.stringify(baseUrl) }),
      new CustomFunctionsMetadataPlugin({ output: 'functions.json', input: functionsSource }),
      new HtmlWebpackPlugin({
        filename: 'taskpane.html',
        template: './src/taskpane/taskpane.html',
        chunks: ['functions', 'taskpane'],
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'assets', to: 'assets' },
          { from: 'src/taskpane/taskpane.css', to: 'taskpane.css' },
          {
            from: MANIFEST_SOURCE,
            to: 'manifest.xml',
            transform: manifestFor(baseUrl),
          },
        ],
      }),
      new FunctionsMetadataOptionsPlugin(),
      new VersionedManifestPlugin(),
    ],
    performance: { hints: false },
  };
};
