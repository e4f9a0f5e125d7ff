package dev.memoria.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The folder a migration reads, and the one rule of what in it may be read: a file or folder found inside it, that is
 * no symbolic link and whose real location is inside it. A link is refused whether it points outside the folder (a
 * MEMORY.md linked to a file elsewhere would be imported) or inside it: the migration reads files where they are,
 * never through a link. The folder given by the user may itself be a link: it is resolved once, here, and accepted.
 * Each reader lists what this refuses among the skipped files, with the reason.
 */
final class MigratedFolder {

    static final String LINK_OUTSIDE =
            "a symbolic link to outside the folder: a migration follows no link and reads nothing it points to";
    static final String LINK_INSIDE = "a symbolic link, though to a path inside the folder: a migration follows no"
            + " link, not even one that stays inside";
    static final String LINK_DANGLING =
            "a symbolic link to nothing that exists: a migration follows no link and reads nothing it points to";
    static final String REAL_PATH_OUTSIDE = "its real location is outside the folder: not read";

    private final Path root;

    /** {@code folder}, as the user gave it, resolved to its real location. */
    MigratedFolder(Path folder) throws IOException {
        this.root = folder.toRealPath();
    }

    /** The folder's real location: what the readers list and walk. */
    Path root() {
        return root;
    }

    /** Why the file or folder at {@code path}, found under {@link #root()}, must not be read, if it must not. */
    Optional<String> refusal(Path path) {
        if (Files.isSymbolicLink(path)) {
            return Optional.of(whereItPoints(path));
        }
        try {
            return path.toRealPath().startsWith(root) ? Optional.empty() : Optional.of(REAL_PATH_OUTSIDE);
        } catch (IOException unresolved) {
            return Optional.of("its real location cannot be resolved (" + unresolved.getMessage() + "): not read");
        }
    }

    /**
     * True when {@code path} may be read; otherwise it is listed on the migration as skipped, as {@code name} (with a
     * '/' when it is or points to a folder), with the reason.
     */
    boolean admits(Migration migration, Path path, String name) {
        Optional<String> refusal = refusal(path);
        refusal.ifPresent(why -> migration.skip(name + (Files.isDirectory(path) ? "/" : ""), why));
        return refusal.isEmpty();
    }

    /** Where the link's target (which is not read) resolves: inside the folder, outside it, or nowhere. */
    private String whereItPoints(Path link) {
        try {
            return link.toRealPath().startsWith(root) ? LINK_INSIDE : LINK_OUTSIDE;
        } catch (IOException dangling) {
            return LINK_DANGLING;
        }
    }
}
