"""Drawing: pictures of cards and tables (SVG text for static output)."""
