package dev.memoria.console.boundary;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The browser's proof that it signed in before (see {@code DeviceProof}): kept half a year, HttpOnly,
 * SameSite=Strict, sent only to the sign-in form's path, Secure over TLS. It signs nobody in by itself.
 */
final class DeviceCookie {

    static final String NAME = "memoria_device";
    static final String PATH = "/console/login";
    static final long MAX_AGE_SECONDS = 183L * 24 * 3600;

    private DeviceCookie() {}

    static String read(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return null;
        }
        for (Cookie cookie : cookies) {
            if (NAME.equals(cookie.getName()) && cookie.getValue().length() <= 100) {
                return cookie.getValue();
            }
        }
        return null;
    }

    static void set(HttpServletRequest request, HttpServletResponse response, String proof) {
        response.addHeader(
                "Set-Cookie",
                NAME + "=" + proof + "; Path=" + PATH + "; Max-Age=" + MAX_AGE_SECONDS + "; HttpOnly; SameSite=Strict"
                        + (request.isSecure() ? "; Secure" : ""));
    }
}
