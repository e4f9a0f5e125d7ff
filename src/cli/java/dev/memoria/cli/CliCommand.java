package dev.memoria.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ParentCommand;

/**
 * What every command of one scope shares: the root's options (server, token, scope, output format) and the exit
 * codes. A command is one class with its own options, so each reads as what it asks the server and prints.
 */
abstract class CliCommand implements Callable<Integer> {

    static final int OK = MemoriaCli.OK;
    static final int REFUSED = MemoriaCli.REFUSED;
    static final int USAGE = MemoriaCli.USAGE;

    @ParentCommand
    MemoriaCli cli;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    ServerClient client() {
        return cli.client();
    }

    Output output() {
        return cli.output();
    }

    boolean json() {
        return cli.json;
    }

    String scopePath(String rest) {
        return cli.scopePath(rest);
    }
}
