import Testing
@testable import AuditCore

@Test func severitiesAreOrderedByImportance() {
    #expect(Severity.note < .warning)
    #expect(Severity.warning < .error)
    #expect(Severity.allCases.max() == .error)
}
