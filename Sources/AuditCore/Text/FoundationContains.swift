import Foundation

/// Foundation's `contains` of one string in another, kept apart so that `ASCIISearch` calls
/// exactly what the rules used to call.
func foundationContains(_ text: String, _ needle: String) -> Bool {
    text.contains(needle)
}
