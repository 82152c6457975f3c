# Sourced by scripts/test: install the Debian packages the tests need, when they are missing.
#   fonts-dejavu-core  a Unicode TTF font for PDF hand records (suit symbols)
#   poppler-utils      pdftotext/pdftoppm, to read back the PDFs the tests write
system_packages=(fonts-dejavu-core poppler-utils)
missing=()
for pkg in "${system_packages[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "warning: missing Debian packages ${missing[*]}; install them (as root: apt-get install ${missing[*]})" >&2
  fi
fi
