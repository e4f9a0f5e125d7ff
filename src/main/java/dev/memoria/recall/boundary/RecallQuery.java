package dev.memoria.recall.boundary;

import jakarta.ws.rs.QueryParam;

/** A recall's query parameters, read once for the one-scope form and the several-scopes form alike. */
public class RecallQuery {

    @QueryParam("q")
    String q;

    @QueryParam("limit")
    String limit;

    @QueryParam("type")
    String type;

    @QueryParam("category")
    String category;

    @QueryParam("tag")
    String tag;

    @QueryParam("mode")
    String mode;

    @QueryParam("include_superseded")
    String includeSuperseded;

    @QueryParam("as_of")
    String asOf;

    @QueryParam("min_score")
    String minScore;
}
