/* global window, SwaggerUIBundle */
// Points Swagger UI at this service's own description (the package's default
// initializer loads the petstore example); no online validator badge, so the
// page makes no request to another site.
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
  });
});
