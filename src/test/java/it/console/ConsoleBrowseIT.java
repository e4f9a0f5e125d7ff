package it.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Browser;
import it.support.ConsoleClient;
import it.support.Deployments;
import it.support.Tokens;
import java.net.http.HttpResponse;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;

/** Support staff's reading path: dashboard → tenant → scope → fact, filters, search, MEMORY.md, hostile content. */
@ExtendWith(ArquillianExtension.class)
class ConsoleBrowseIT extends Deployments {

    private static final String HOSTILE = "<script>alert('pwned')</script> likes <b>jazz</b>";

    private final String tenant = Tokens.newTenant("browse");
    private final String other = Tokens.newTenant("browse-other");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));
    private Browser browser;

    @BeforeEach
    void seedAndSignIn() {
        remember(
                "user:42",
                "{\"content\":\"Prefers Python for data work\",\"category\":\"preferences\",\"persistent\":true,\"tags\":[\"lang\"]}");
        remember(
                "user:42",
                "{\"content\":\"Lives in Lisbon near the river\",\"category\":\"profile\",\"persistent\":true}");
        remember(
                "user:42",
                "{\"content\":\"Deployed the Atlas release on Friday\",\"type\":\"episodic\",\"category\":\"work\"}");
        remember("user:42", "{\"content\":\"" + HOSTILE.replace("\"", "\\\"") + "\",\"category\":\"music\"}");
        new Api(Api.serverBase(), Tokens.token(other, Tokens.ALL_ROLES))
                .post("api/v1/scopes/user:42/facts", "{\"content\":\"Other tenant secret about Python\"}");
        browser = Browser.start();
        browser.signIn(ConsoleClient.adminUser(), ConsoleClient.adminPassword());
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void fromTheDashboardToOneFact() {
        assertTrue(Long.parseLong(browser.text("total-tenants")) >= 2);
        assertTrue(browser.all("#writes-chart rect.bar").size() == 30, "one bar a day for 30 days");
        browser.screenshot("browse-dashboard");

        browser.open("/console/tenants");
        browser.type("tenant-search", tenant);
        browser.submit("search-tenants");
        List<WebElement> tenants = browser.all("a.tenant-link");
        assertEquals(1, tenants.size(), "the search finds exactly the tenant");
        browser.follow(tenants.get(0));
        assertEquals(tenant, browser.text("tenant-name"));
        browser.screenshot("browse-tenant");

        browser.follow(browser.all("a.scope-link").get(0));
        assertEquals("user:42", browser.text("scope-name"));
        assertEquals(4, browser.all("tr.fact-row").size());
        assertFalse(
                browser.pageSource().contains("Other tenant secret"), "tenant B's fact never shows on tenant A's page");
        browser.screenshot("browse-scope");

        WebElement lisbon = browser.all("a.fact-link").stream()
                .filter(a -> a.getText().startsWith("Lives in Lisbon"))
                .findFirst()
                .orElseThrow();
        browser.follow(lisbon);
        assertEquals("Lives in Lisbon near the river", browser.text("fact-content"));
        assertEquals("profile", browser.text("fact-category"));
        browser.screenshot("browse-fact");
        browser.driver().manage().window().setSize(new org.openqa.selenium.Dimension(390, 844));
        browser.open(scopePath());
        browser.screenshot("browse-scope-phone");
    }

    @Test
    void theDashboardCountsImportedFactsAsWritten() {
        long before = factsWrittenInChart();
        String facts = api.get("api/v1/export?scope_prefix=user:42")
                .body()
                .lines()
                .filter(line -> line.contains("\"kind\":\"fact\""))
                .collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        Api importer = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("browse-import"), Tokens.ALL_ROLES));
        Api.Reply imported = importer.send("POST", "api/v1/import", facts, "application/x-ndjson");
        assertEquals(200, imported.status(), imported.toString());
        assertEquals(4, imported.json().getJsonObject("facts").getInt("created"), imported.toString());

        assertTrue(
                factsWrittenInChart() >= before + 4,
                "four imported facts (which write no daily log) count as written: " + before + " before");
    }

    private long factsWrittenInChart() {
        browser.open("/console/");
        return browser.all("#writes-chart rect.bar").stream()
                .mapToLong(bar -> Long.parseLong(bar.getAttribute("data-count")))
                .sum();
    }

    @Test
    void filtersAndTheSameBm25SearchAsTheApi() {
        browser.open(scopePath() + "?category=profile");
        assertEquals(List.of("Lives in Lisbon near the river"), contents());
        browser.open(scopePath() + "?persistent=true&sort=oldest");
        assertEquals(List.of("Prefers Python for data work", "Lives in Lisbon near the river"), contents());
        browser.open(scopePath() + "?type=episodic");
        assertEquals(List.of("Deployed the Atlas release on Friday"), contents());
        browser.open(scopePath() + "?tag=lang");
        assertEquals(List.of("Prefers Python for data work"), contents());

        browser.open(scopePath());
        browser.type("filter-q", "python data");
        browser.submit("apply-filters");
        List<String> apiOrder = api.get("api/v1/scopes/user:42/search?q=" + Api.encode("python data")).items().stream()
                .map(v -> v.asJsonObject().getString("content"))
                .toList();
        assertEquals(apiOrder, contents(), "the console ranks as GET /search does");
        assertFalse(contents().isEmpty());
        browser.screenshot("browse-search");

        browser.open(scopePath() + "?type=nonsense");
        assertTrue(browser.text("error-detail").contains("type"), "a bad filter is a clear error page");
    }

    @Test
    void memoryMdDownloadIsTheApisFile() {
        browser.open(scopePath() + "?tab=memory");
        String fromApi = api.get("api/v1/scopes/user:42/memory.md").body();
        assertEquals(fromApi.strip(), browser.text("memory-preview").strip());
        browser.screenshot("browse-memory-md");

        String href = browser.byId("download-memory").getAttribute("href");
        ConsoleClient asBrowser = ConsoleClient.withSession(browser.sessionCookie());
        HttpResponse<String> download = asBrowser.get(href.substring(href.indexOf("/console/")));
        assertEquals(200, download.statusCode());
        assertTrue(
                download.headers().firstValue("Content-Disposition").orElse("").contains("MEMORY.md"));
        assertEquals(fromApi, download.body(), "byte for byte the API's MEMORY.md");
    }

    @Test
    void scriptInFactContentIsShownAsText() {
        browser.open(scopePath() + "?category=music");
        assertEquals(List.of(HOSTILE), contents(), "the markup is text in the table");
        browser.follow(browser.all("a.fact-link").get(0));
        assertEquals(HOSTILE, browser.text("fact-content"));
        assertThrows(
                NoAlertPresentException.class, () -> browser.driver().switchTo().alert(), "the script never ran");
        assertFalse(browser.pageSource().contains("<script>alert"), "never written as markup");
        browser.screenshot("browse-hostile-content");
    }

    @Test
    void anotherTenantsFactIsNotFoundUnderThisTenant() {
        String otherId = new Api(Api.serverBase(), Tokens.token(other, Tokens.ALL_ROLES))
                .get("api/v1/scopes/user:42/facts")
                .items()
                .getJsonObject(0)
                .getString("id");
        browser.open(scopePath() + "/facts/" + otherId);
        assertTrue(browser.title().startsWith("Not found"), browser.title());
        assertFalse(browser.pageSource().contains("Other tenant secret"));
        browser.open("/console/tenants/" + tenant + "/scopes/user:43");
        assertTrue(browser.title().startsWith("Not found"), "an unknown scope is a 404 page");
    }

    private List<String> contents() {
        return browser.all("a.fact-link").stream().map(WebElement::getText).toList();
    }

    private String scopePath() {
        return "/console/tenants/" + tenant + "/scopes/user:42";
    }

    private void remember(String scope, String json) {
        api.remember(scope, json);
    }
}
