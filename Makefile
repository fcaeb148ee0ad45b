# make install PREFIX=/opt/iap-audit    release build with the Swift standard library linked in,
#                                       plus the manual page and bash, zsh and fish completions
# make install LINK=static              one fully static executable (Linux)
# make uninstall PREFIX=…               removes what install put there
# make build | test | man | demo
PREFIX ?= /usr/local
LINK ?= static-stdlib
DESTDIR ?=

.PHONY: all build install uninstall test man demo clean

all: build

build:
	swift build -c release --product iap-audit

install:
	DESTDIR="$(DESTDIR)" scripts/install --prefix "$(PREFIX)" --link "$(LINK)"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/iap-audit" \
	  "$(DESTDIR)$(PREFIX)/share/man/man1/iap-audit.1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/iap-audit" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_iap-audit" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/iap-audit.fish"

test:
	scripts/test

# The committed manual page, regenerated from the option table (a test fails when it is stale).
man:
	swift run -q iap-audit man > Docs/iap-audit.1

demo:
	scripts/demo

clean:
	rm -rf .build/install-* .build/install-*.log
