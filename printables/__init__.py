"""ReportLab documents: Girdle sheets, score sheets, PDQ deck, paper boards."""
