package dev.memoria.console.boundary;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The console's session cookie, written by hand so its attributes are exact: HttpOnly, SameSite=Strict,
 * path /console only (the API never sees it), and Secure whenever the request came over TLS.
 */
final class ConsoleCookie {

    static final String NAME = "memoria_console";
    static final String PATH = "/console";

    private ConsoleCookie() {}

    static String read(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return null;
        }
        for (Cookie cookie : cookies) {
            if (NAME.equals(cookie.getName())) {
                return cookie.getValue();
            }
        }
        return null;
    }

    static void set(HttpServletRequest request, HttpServletResponse response, String token) {
        response.addHeader("Set-Cookie", header(token, request.isSecure(), false));
    }

    static void clear(HttpServletRequest request, HttpServletResponse response) {
        response.addHeader("Set-Cookie", header("", request.isSecure(), true));
    }

    static String header(String value, boolean secure, boolean expire) {
        return NAME + "=" + value + "; Path=" + PATH + "; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
                + (expire ? "; Max-Age=0" : "");
    }
}
