import Testing
@testable import AuditReport

@Test func templatesAndChecklistsAreEmbedded() {
    #expect(BuiltInResources.file("Templates/report.html") != nil)
    #expect(BuiltInResources.file("Checklists/storekit-review.md") != nil)
}
