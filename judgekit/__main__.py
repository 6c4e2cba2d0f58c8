from judgekit.cli import main

raise SystemExit(main())
