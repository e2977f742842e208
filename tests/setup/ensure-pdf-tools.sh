#!/bin/sh
# Makes sure qpdf and Poppler are there for the server tests that check the PDFs we write.
set -eu
command -v qpdf >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing qpdf and Poppler for the PDF tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qpdf poppler-utils >/dev/null
  exit 0
fi
echo "The PDF tests need qpdf and pdftotext." >&2
echo "Install them with 'sudo apt-get install qpdf poppler-utils'." >&2
exit 1
