/// `iap-audit [PATH ...] [options]`: the audit, the command without a word.
enum AuditCommand {
    static let spec = CommandSpec(
        name: nil, usages: [("iap-audit [PATH ...] [options]", "audit PATHs (default: the current folder) and write the reports")],
        options: AuditOption.all, argumentName: "PATH", argument: .path, argumentCount: 0...Int.max,
        check: { values throws(UsageError) in try AuditOption.check(values) },
        run: { values, environment in
            if values[AuditOption.version] {
                print(ToolInfo.versionLine)
                return 0
            }
            return AuditRun(values: values, environment: environment).run()
        })
}
