/* global window, SwaggerUIBundle */
// Points Swagger UI at this service's own description (the package's default
// initializer loads the petstore example).
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
  });
});
