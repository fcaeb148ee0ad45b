import Testing
@testable import AuditReport

@Test func templatesAndChecklistsAreEmbedded() {
    #expect(BuiltInResources.file("Templates/report.html")?.contains("{{body}}") == true)
    #expect(BuiltInResources.file("Templates/report.md")?.contains("{{body}}") == true)
    #expect(BuiltInResources.file("Checklists/storekit-review.md") != nil)
    #expect(BuiltInResources.file("Checklists/launch-readiness.md") != nil)
}

@Test func templatePlaceholdersAreFilledAndUnknownOnesKept() {
    #expect(Template.fill("a {{x}} b {{ y }} {{z}}", with: ["x": "1", "y": "2"]) == "a 1 b 2 {{z}}")
}
