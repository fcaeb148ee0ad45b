/// `iap-audit man`: the manual page, in troff (Docs/iap-audit.1).
enum ManCommand {
    static let spec = CommandSpec(
        name: "man", usages: [("iap-audit man", "print the manual page (troff; Docs/iap-audit.1)")],
        argumentsMessage: "'man' takes no arguments; install the page with 'iap-audit man > iap-audit.1'",
        run: { _, _ in CommandLineTool.writeStandardOutput(ManualPage.render()) })
}
