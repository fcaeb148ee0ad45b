import Foundation

// The command-line entry: argument parsing and exit codes only; the work is in the libraries.
let code = CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(code)
