package dev.memoria.console.boundary;

import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.WebContext;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.WebApplicationTemplateResolver;
import org.thymeleaf.web.servlet.JakartaServletWebApplication;

/** Renders webapp-ui/templates (WEB-INF/templates in the WAR) with Thymeleaf; th:text escapes every value. */
final class ConsoleTemplates {

    private static final String ATTRIBUTE = ConsoleTemplates.class.getName();

    private final JakartaServletWebApplication application;
    private final TemplateEngine engine;

    /** One engine per web application (its template cache lives in it). */
    static synchronized ConsoleTemplates of(ServletContext context) {
        Object existing = context.getAttribute(ATTRIBUTE);
        if (existing instanceof ConsoleTemplates templates) {
            return templates;
        }
        ConsoleTemplates templates = new ConsoleTemplates(context);
        context.setAttribute(ATTRIBUTE, templates);
        return templates;
    }

    private ConsoleTemplates(ServletContext context) {
        application = JakartaServletWebApplication.buildApplication(context);
        WebApplicationTemplateResolver resolver = new WebApplicationTemplateResolver(application);
        resolver.setPrefix("/WEB-INF/templates/");
        resolver.setSuffix(".html");
        resolver.setTemplateMode(TemplateMode.HTML);
        resolver.setCharacterEncoding(StandardCharsets.UTF_8.name());
        // MEMORIA_CONSOLE_TEMPLATE_CACHE=false re-reads templates on every request, for work on the pages
        resolver.setCacheable(ConfigProvider.getConfig()
                .getOptionalValue("memoria.console.template.cache", Boolean.class)
                .orElse(true));
        engine = new TemplateEngine();
        engine.setTemplateResolver(resolver);
    }

    void render(
            String template,
            Map<String, Object> model,
            int status,
            HttpServletRequest request,
            HttpServletResponse response)
            throws IOException {
        WebContext context = new WebContext(application.buildExchange(request, response), Locale.ENGLISH, model);
        response.setStatus(status);
        response.setContentType("text/html;charset=UTF-8");
        engine.process(template, context, response.getWriter());
    }
}
