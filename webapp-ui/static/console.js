// Optional enhancement only: every page works without it. Changing a filter's select list applies it at once.
document.addEventListener('DOMContentLoaded', function () {
    document.querySelectorAll('form.filters[method="get"] select').forEach(function (select) {
        select.addEventListener('change', function () { select.form.submit(); });
    });
});
