// Values webpack's DefinePlugin writes into the bundle (excel-addin/webpack.config.cjs).

/** BASE_URL of the build without a trailing slash: the default service URL. */
declare const __BASE_URL__: string;
