let quote = #"""#
let two = #""""#
let deeper = ##"""##
let mixed = #"""a"b"#
let multi = #"""
    "# is not the end
    """#
