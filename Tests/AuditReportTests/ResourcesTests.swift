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
    // A placeholder written more than once, with a value longer than the template: the page
    // is as long as it must be (it was sized for each value once, and trapped).
    let body = String(repeating: "ü", count: 500)
    let template = "<p>{{body}}</p><p>{{ body }}</p>{{body}}{{v}}{{v}}"
    let expected = "<p>\(body)</p><p>\(body)</p>\(body)1.01.0"
    #expect(Template.fill(template, with: ["body": body, "v": "1.0"]) == expected)
    #expect(Template.fillUTF8(template, with: ["body": Array(body.utf8), "v": Array("1.0".utf8)]) == Array(expected.utf8))
}
