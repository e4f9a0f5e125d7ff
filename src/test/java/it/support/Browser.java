package it.support;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium, driven through its own chromedriver (set explicitly, so Selenium Manager
 * never tries to download a browser or driver). Without them the browser tests are skipped.
 */
public final class Browser implements AutoCloseable {

    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private final WebDriver driver;
    private final Path profile;
    private final String base;

    private Browser(WebDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
        this.base = Api.serverBase().toString().replaceAll("/$", "");
    }

    /**
     * Skips the calling test on a machine without Debian's chromium and chromium-driver, or fails it when the
     * build says the browser is required ({@code -Dit.browser.required=true}, as .ci/run does).
     */
    public static void assumeInstalled() {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        String missing =
                "/usr/bin/chromium or /usr/bin/chromedriver is missing (apt-get install chromium chromium-driver)";
        if (!installed && Boolean.getBoolean("it.browser.required")) {
            Assertions.fail("Console browser tests need a browser here: " + missing);
        }
        Assumptions.assumeTrue(installed, "Console browser tests skipped: " + missing);
    }

    public static Browser start() {
        assumeInstalled();
        try {
            Path profile = Files.createTempDirectory("memoria-chromium-");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(CHROMIUM.toFile());
            options.addArguments(
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--no-first-run",
                    "--window-size=1280,900",
                    "--user-data-dir=" + profile);
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(CHROMEDRIVER.toFile())
                    .usingAnyFreePort()
                    .build();
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
            return new Browser(driver, profile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Browser open(String path) {
        driver.get(base + path);
        return this;
    }

    public Browser signIn(String username, String password) {
        open("/console/login");
        type("username", username);
        type("password", password);
        submit("sign-in");
        return this;
    }

    public void signOut() {
        submit("sign-out");
    }

    public WebElement byId(String id) {
        return driver.findElement(By.id(id));
    }

    public List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    public boolean has(String css) {
        return !all(css).isEmpty();
    }

    public String text(String id) {
        return byId(id).getText();
    }

    public void type(String id, String text) {
        WebElement field = byId(id);
        field.clear();
        field.sendKeys(text);
    }

    /** Clicks something that stays on the page (a checkbox). */
    public void click(String id) {
        byId(id).click();
    }

    /** Clicks a button or link that loads another page, and waits until that page has replaced this one. */
    public void submit(String id) {
        follow(byId(id));
    }

    public void follow(WebElement element) {
        WebElement page = driver.findElement(By.tagName("html"));
        element.click();
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30));
        wait.until(d -> isGone(page));
        wait.until(d -> "complete".equals(((JavascriptExecutor) d).executeScript("return document.readyState")));
    }

    /** The old page's root is gone once the next page replaced it; Chromium says so in two ways. */
    private static boolean isGone(WebElement page) {
        try {
            page.getTagName();
            return false;
        } catch (StaleElementReferenceException | NoSuchElementException replaced) {
            return true;
        } catch (WebDriverException midNavigation) {
            return String.valueOf(midNavigation.getMessage()).contains("does not belong to the document");
        }
    }

    /** The path of the current page, without host and port. */
    public String path() {
        return driver.getCurrentUrl().substring(base.length());
    }

    public String title() {
        return driver.getTitle();
    }

    public String pageSource() {
        return driver.getPageSource();
    }

    public WebDriver driver() {
        return driver;
    }

    /** The value of the console session cookie, to call the console over plain HTTP as this browser. */
    public String sessionCookie() {
        return driver.manage().getCookieNamed("memoria_console").getValue();
    }

    /**
     * Resizes the window to {@code width} pixels and lists what sticks out past the right edge once the page is laid
     * out at that width: empty when the page does not scroll sideways. A resize reaches the renderer after the driver
     * returns, so an overflow counts only when it outlasts a bounded wait. Each entry names the element, its right
     * edge and the start of its text.
     */
    public List<String> sidewaysOverflowAt(int width) {
        driver.manage().window().setSize(new Dimension(width, 900));
        JavascriptExecutor js = (JavascriptExecutor) driver;
        String script = """
                const edge = window.innerWidth + 1;
                if (document.documentElement.scrollWidth <= edge) return [];
                const out = [];
                for (const e of document.querySelectorAll('body *')) {
                  const r = e.getBoundingClientRect();
                  if (r.right > edge && !e.closest('.scroll, nav')) {
                    out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                        + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().replace(/\\s+/g, '.') : '')
                        + ' right=' + Math.round(r.right) + ' "' + (e.textContent || '').trim().slice(0, 60) + '"');
                  }
                }
                return out.length ? out : ['the document is ' + document.documentElement.scrollWidth + ' pixels wide'];
                """;
        AtomicReference<List<String>> wide = new AtomicReference<>(List.of());
        try {
            Awaitility.await("the page laid out at " + width + " pixels without sideways scrolling")
                    .atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(250))
                    .until(() -> {
                        if (((Number) js.executeScript("return window.innerWidth")).intValue() > width) {
                            wide.set(List.of("the window is not yet " + width + " pixels wide"));
                            return false;
                        }
                        @SuppressWarnings("unchecked")
                        List<String> found = (List<String>) js.executeScript(script);
                        wide.set(found);
                        return found.isEmpty();
                    });
        } catch (ConditionTimeoutException e) {
            return wide.get();
        }
        return List.of();
    }

    /** Saves what the browser shows under target/console-screenshots/{name}.png. */
    public Path screenshot(String name) {
        try {
            Path dir = Path.of(System.getProperty("it.screenshots.dir", "target/console-screenshots"));
            Files.createDirectories(dir);
            File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
            Path target = dir.resolve(name + ".png");
            Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (var files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException ignored) {
                // a temporary profile left behind is harmless
            }
        }
    }
}
