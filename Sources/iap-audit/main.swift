import Foundation

// The command-line entry: argument parsing and exit codes only; the work is in the libraries.
let arguments = Array(CommandLine.arguments.dropFirst())
// A process started again with huge pages (by HugePagesBoot.c, before this ran) puts the
// user's environment back before anything reads it.
HugePages.settle()
let code = CommandLineTool.run(arguments: arguments)
exit(code)
