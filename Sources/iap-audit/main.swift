import Foundation

// The command-line entry: argument parsing and exit codes only; the work is in the libraries.
let arguments = Array(CommandLine.arguments.dropFirst())
// An audit (not --help or --version) may start again with huge pages, before anything is read.
if (try? CommandLineParser.parse(arguments))?.isAudit == true { HugePages.restartIfUseful() }
let code = CommandLineTool.run(arguments: arguments)
exit(code)
