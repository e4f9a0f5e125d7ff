package dev.memoria.supersession.control;

/** What readers of facts may ask of the frame reading that decides supersession. */
public final class FactFrames {

    private FactFrames() {}

    /**
     * Whether two facts state two values of one frame ("Therapy is on Mondays" / "Therapy is on Fridays"), though
     * nothing decided that one replaces the other: a prompt shows both dated, the newer first.
     */
    public static boolean shareAFrame(String a, String b) {
        return StatementFrames.shareAFrame(a, b) || StatementFrames.shareAFrame(b, a);
    }
}
