"""Printable PDF documents (ReportLab): Girdle sheets, score sheets, PDQ deck, paper boards."""
