import Foundation
import Testing

/// The house rules read from the package manifest and the C shims: which
/// target may build against which system library.
extension HouseRulesTests {
    /// Each target's direct dependencies, by name, read from Package.swift.
    static func targetDependencies() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget|testTarget|systemLibrary)\(name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        var found: [String: Set<String>] = [:]
        for match in target.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            guard let name = Range(match.range(at: 1), in: manifest) else { continue }
            let list = Range(match.range(at: 2), in: manifest).map { String(manifest[$0]) } ?? ""
            let names = list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")) }
            found[String(manifest[name])] = Set(names.filter { !$0.isEmpty })
        }
        #expect(found.count > 10, "Package.swift's targets were not read")
        return found
    }

    /// Every target `name` builds against, directly or through another.
    static func reach(of name: String, in graph: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var next = [name]
        while let current = next.popLast() {
            for dependency in graph[current] ?? [] where seen.insert(dependency).inserted {
                next.append(dependency)
            }
        }
        return seen
    }

    @Test("no C target builds against both GTK and GStreamer; the engine links no GTK")
    func shimsHaveOneSide() throws {
        let graph = try Self.targetDependencies()
        let shims = graph.keys.filter { $0.hasPrefix("CFlick") }
        #expect(shims.count >= 3)
        for shim in shims {
            let reach = Self.reach(of: shim, in: graph)
            #expect(!(reach.contains("CGtk") && reach.contains("CGStreamer")), "\(shim) builds against GTK and GStreamer")
        }
        for engine in ["FeedMedia", "FeedSources", "FeedHTTP"] where graph[engine] != nil {
            let reach = Self.reach(of: engine, in: graph)
            #expect(!reach.contains("CGtk") && !reach.contains("CEpoxy"), "\(engine) links GTK: \(reach.sorted())")
        }
        let view = graph["FeedUI"] ?? []
        #expect(!view.contains("CGStreamer") && !view.contains("CFlickGstShim"), "FeedUI names GStreamer: \(view.sorted())")

        let shimFolders = try ["Sources", "Tests"].flatMap { parent in
            try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(parent).path)
                .filter { $0.hasPrefix("CFlick") }.map { "\(parent)/\($0)" }
        }
        #expect(Set(shimFolders.map { ($0 as NSString).lastPathComponent }) == Set(shims),
                "a shim folder is not a target, or the other way round")
        for folder in shimFolders {
            let base = Self.root.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
            var includes: Set<String> = []
            for case let url as URL in walker where ["c", "h"].contains(url.pathExtension) {
                let text = try String(contentsOf: url, encoding: .utf8)
                if text.contains("#include <gtk/") { includes.insert("gtk") }
                if text.contains("#include <gst/") { includes.insert("gst") }
            }
            #expect(includes.count < 2, "\(folder) includes both GTK's and GStreamer's headers")
        }
    }

    @Test("the sources and HTTP build against no GStreamer, no GTK and no engine")
    func sourcesStandApart() throws {
        let graph = try Self.targetDependencies()
        for part in ["FeedSources", "FeedHTTP"] {
            #expect(graph[part] != nil, "\(part) is not a target")
            let reach = Self.reach(of: part, in: graph)
            let banned: Set = ["CGStreamer", "CFlickGstShim", "CGtk", "CFlickGtkShim", "FeedMedia", "FeedUI", "FeedDemo"]
            #expect(reach.isDisjoint(with: banned), "\(part) builds against \(reach.intersection(banned).sorted())")
        }
        #expect(!Self.reach(of: "FeedHTTP", in: graph).contains("FeedSources"), "HTTP sits below the sources")
    }

    @Test("GStreamer stays inside the engine: only FeedMedia builds against it, and imports it internally")
    func gstreamerStaysInside() throws {
        let graph = try Self.targetDependencies()
        let gst: Set = ["CGStreamer", "CFlickGstShim"]
        let direct = graph.filter { name, dependencies in
            !name.hasSuffix("Tests") && !name.hasPrefix("C") && !dependencies.isDisjoint(with: gst)
        }.keys
        #expect(Set(direct) == ["FeedMedia"], "targets that name GStreamer: \(direct.sorted())")
        // An internal import keeps Gst types out of FeedMedia's public and
        // package declarations: the compiler refuses one that names them.
        let open = try Self.offending(Self.sources("FeedMedia"), #"^(public |package )?import (CGStreamer|CFlickGstShim)\b"#)
        #expect(open.isEmpty, "FeedMedia shows GStreamer to its clients:\n\(open.joined(separator: "\n"))")
        let elsewhere = try Self.offending(Self.sources().filter { !$0.path.hasPrefix("Sources/FeedMedia/") },
                                           #"import (CGStreamer|CFlickGstShim)\b"#)
        #expect(elsewhere.isEmpty, "GStreamer imported outside the engine:\n\(elsewhere.joined(separator: "\n"))")
    }
}
