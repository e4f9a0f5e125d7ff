package dev.memoria;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import java.util.List;

/**
 * The component map's rules (architecture.md): components import each other one way only, each keeps
 * boundary → control → entity, and HTTP stays in the boundaries.
 */
@AnalyzeClasses(packages = "dev.memoria", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /** A REST client interface (built with MicroProfile's RestClientBuilder), or a class calling one: how a component calls another service. */
    private static final DescribedPredicate<JavaClass> OUTBOUND_HTTP = DescribedPredicate.describe(
            "outbound REST clients and their callers",
            type -> isRestClient(type)
                    || type.getDirectDependenciesFromSelf().stream()
                            .anyMatch(dependency -> isRestClient(dependency.getTargetClass())));

    @ArchTest
    static final ArchRule componentsFormNoCycles =
            slices().matching("dev.memoria.(*)..").namingSlices("$1").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule platformKnowsNoComponent = noClasses()
            .that()
            .resideInAPackage("dev.memoria.platform..")
            .should()
            .dependOnClassesThat(
                    resideInAPackage("dev.memoria..").and(not(resideInAPackage("dev.memoria.platform.."))));

    @ArchTest
    static final ArchRule controlAndEntityKnowNoBoundary = noClasses()
            .that()
            .resideInAnyPackage("..control..", "..entity..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("..boundary..");

    @ArchTest
    static final ArchRule entitiesKnowNoControl = noClasses()
            .that()
            .resideInAPackage("..entity..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("..control..");

    @ArchTest
    static final ArchRule noHttpBelowBoundary = noClasses()
            .that()
            .resideInAnyPackage("..control..", "..entity..")
            .and(not(OUTBOUND_HTTP))
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("jakarta.ws.rs..", "jakarta.servlet..");

    /**
     * TenantSql is the one door from the components to SQL (architecture.md): a statement prepared elsewhere could
     * leave the tenant out, and no review would know to look. The platform's own plumbing (migrations, the embedded
     * database, health) reads no tenant's rows.
     */
    @ArchTest
    static final ArchRule sqlGoesThroughTenantSql = noClasses()
            .that()
            .resideOutsideOfPackage("dev.memoria.platform..")
            .and()
            .doNotHaveFullyQualifiedName("dev.memoria.tenant.control.TenantSql")
            .should()
            .callMethodWhere(describe(
                    "a statement prepared or a native query created",
                    call -> isStatementFactory(
                            call.getTarget().getOwner().getName(),
                            call.getTarget().getName())));

    /**
     * Reading every tenant's rows at once is the exception to tenancy, so it is named here, class by class: the
     * console's cross-tenant pages (overview, support search, audit trail), the jobs and the MCP session sweep that
     * visit every tenant, and the embedding worker, which serves every tenant's backlog. A new caller has to be
     * argued for in this list.
     */
    private static final List<String> EVERY_TENANT_READERS = List.of(
            "dev.memoria.console.control.ConsoleOverview",
            "dev.memoria.console.control.SupportSearch",
            "dev.memoria.console.control.ConsoleAuditTrail",
            "dev.memoria.lifecycle.control.JobRunner",
            "dev.memoria.agent.control.McpSessionSweeper",
            "dev.memoria.embedding.control.EmbeddingBackfill",
            "dev.memoria.embedding.control.EmbeddingBacklog",
            "dev.memoria.embedding.control.EmbeddingCounts",
            "dev.memoria.embedding.control.EmbeddingModels");

    @ArchTest
    static final ArchRule everyTenantReadersAreNamed = noClasses()
            .that(not(nameIn(EVERY_TENANT_READERS, "dev.memoria.tenant.control.TenantSql")))
            .should()
            .callMethodWhere(describe(
                    "TenantSql's every-tenant statements (everyTenant, everyTenantRows, everyTenantUpdate)",
                    call -> call.getTarget().getOwner().getName().equals("dev.memoria.tenant.control.TenantSql")
                            && call.getTarget().getName().startsWith("everyTenant")));

    /**
     * A raw connection bypasses the JPA context a request is bound to. Outside the platform's plumbing, only
     * TenantSql (a worker's or a sweep's own connection, {@code withOwnConnection}) and the tenant-bound entity
     * manager (a read block's) take one; everyone else is handed a connection by them.
     */
    @ArchTest
    static final ArchRule rawConnectionsAreTenantSqls = noClasses()
            .that()
            .resideOutsideOfPackage("dev.memoria.platform..")
            .and()
            .doNotHaveFullyQualifiedName("dev.memoria.tenant.control.TenantSql")
            .and()
            .doNotHaveFullyQualifiedName("dev.memoria.tenant.control.TenantEntityManager")
            .should()
            .callMethod("javax.sql.DataSource", "getConnection");

    /**
     * A fact row is inserted or deleted only through FactWrites, which indexes, writes and announces together: a
     * writer that did the steps by hand could leave one out (the import once skipped what supersession needs).
     */
    @ArchTest
    static final ArchRule factRowsAreWrittenThroughFactWrites = noClasses()
            .that()
            .doNotHaveFullyQualifiedName("dev.memoria.fact.control.FactWrites")
            .should()
            .callMethodWhere(describe(
                    "a fact row inserted or deleted, or its write announced, by hand",
                    call -> call.getTarget().getOwner().getName().equals("dev.memoria.fact.control.FactRepository")
                                    && List.of("insertAll", "remove")
                                            .contains(call.getTarget().getName())
                            || call.getTarget().getOwner().getName().equals("dev.memoria.fact.control.TextIndex")))
            .orShould()
            .callConstructorWhere(describe(
                    "a write or removal of facts announced by hand",
                    call -> List.of("dev.memoria.fact.entity.FactsWritten", "dev.memoria.fact.entity.FactsRemoved")
                            .contains(call.getTarget().getOwner().getName())));

    /**
     * The CLI's libraries are on the build's class path (scope provided, so never in the WAR) because the CLI is
     * compiled in the same build: no server class may use them, or it would fail at run time on the server.
     */
    @ArchTest
    static final ArchRule serverUsesNoCliLibrary = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("picocli..", "me.tongfei.progressbar..", "org.yaml.snakeyaml..");

    /**
     * Time is read from the injected {@code Clock} (ServerClock), so tests move it instead of sleeping. Ids read
     * the wall clock for their order only, the development token for a JWT runtime that checks the real time, the
     * embedded database for how long it took to start.
     */
    @ArchTest
    static final ArchRule timeComesFromTheServerClock = noClasses()
            .that()
            .doNotHaveFullyQualifiedName("dev.memoria.platform.control.ServerClock")
            .and()
            .doNotHaveFullyQualifiedName("dev.memoria.platform.entity.TimeOrderedIds")
            .and()
            .doNotHaveFullyQualifiedName("dev.memoria.platform.devtools.DevToken")
            .and()
            .doNotHaveFullyQualifiedName("dev.memoria.platform.embeddeddb.EmbeddedPostgresServer")
            .should()
            .callMethodWhere(describe(
                    "the system clock read",
                    call -> readsTheSystemClock(
                            call.getTarget().getOwner().getName(),
                            call.getTarget().getName())));

    private static DescribedPredicate<JavaClass> nameIn(List<String> names, String... more) {
        List<String> allowed = new java.util.ArrayList<>(names);
        allowed.addAll(List.of(more));
        return describe("one of " + allowed, type -> allowed.contains(type.getName()));
    }

    private static boolean readsTheSystemClock(String owner, String method) {
        return (owner.equals("java.lang.System") && method.equals("currentTimeMillis"))
                || (owner.startsWith("java.time.") && method.equals("now"))
                || (owner.equals("java.time.Clock") && method.startsWith("system"));
    }

    private static boolean isStatementFactory(String owner, String method) {
        return (owner.equals("java.sql.Connection")
                        && List.of("prepareStatement", "createStatement", "prepareCall")
                                .contains(method))
                || (owner.equals("jakarta.persistence.EntityManager") && method.equals("createNativeQuery"));
    }

    private static boolean isRestClient(JavaClass type) {
        return type.isInterface()
                && type.getMethods().stream()
                        .anyMatch(method -> method.isAnnotatedWith(POST.class) || method.isAnnotatedWith(GET.class));
    }
}
