// Builds the Excel add-in into excel-addin/dist/ (served by the server at /excel/):
// functions.<hash>.js + functions.json (custom functions), taskpane.html with
// both chunks (shared runtime), assets, and manifest.xml (made from
// manifests/excel-addin.xml) with its URLs set to BASE_URL. Scripts are named
// by their content hash and the manifest points at them (the page and the
// metadata with ?v=<hash>), so a new version reaches users at once instead of
// after Office's and the browser's caches expire.
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

/** Points the built manifest at the hashed script and versions the page and metadata URLs. */
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
          const manifest = source('manifest.xml')
            .replaceAll('/excel/functions.js"', `/excel/${script}"`)
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
      clean: true,
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
      new VersionedManifestPlugin(),
    ],
    performance: { hints: false },
  };
};
